/** The public API's rate limit, stated in its document and applied by app/domain/api/rate-limit.server.ts. */
export const API_RATE_LIMIT_PER_MINUTE = 240;
