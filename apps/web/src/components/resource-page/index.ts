export { type ResourceForm, ResourcePage, type ResourcePageProps } from './ResourcePage';
export { mediaFormBody, syncImage } from './media-body';
