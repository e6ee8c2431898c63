export { KeyValues } from './KeyValues';
