import base from '@fansite/eslint-config/base';

export default base;
