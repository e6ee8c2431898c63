import type { FastifyRequest } from 'fastify';

/**
 * The origin links in mails point at: PUBLIC_URL when set; otherwise the address the caller reached the
 * server on, the request's protocol and host, taken from X-Forwarded-Proto / X-Forwarded-Host only when
 * TRUST_PROXY trusts the proxy (Fastify's request.protocol and request.host do exactly that).
 */
export const publicOrigin = (req: FastifyRequest) => req.server.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
