// styled-components reads the server's style tags into its sheet as its module runs.
export { ThemeProvider } from 'styled-components';
