export { ClientViewDialog, type ClientViewRow } from './ClientViewDialog';
export { CLIENTS, clientKey, fetchClient, useClientView } from './client-view.api';
