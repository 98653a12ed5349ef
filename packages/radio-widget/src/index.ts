export { RadioWidget, type RadioWidgetProps } from './RadioWidget.tsx';
