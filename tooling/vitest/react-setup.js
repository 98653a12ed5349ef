// Testing Library unmounts after each test by itself because the preset turns on `globals`.
import '@testing-library/jest-dom/vitest';
