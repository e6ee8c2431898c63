export { type ResourceForm, ResourcePage, type ResourcePageProps } from './ResourcePage';
