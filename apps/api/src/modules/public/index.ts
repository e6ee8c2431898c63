/** What the public module offers: the pages served without the app (the privacy notice). */
export { publicRoutes } from './public.routes';
