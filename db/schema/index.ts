export * from './analytics.ts';
export * from './articles.ts';
export * from './comments.ts';
export * from './contact.ts';
export * from './market.ts';
export * from './site.ts';
export * from './rate-limits.ts';
export * from './auth.ts';
