import * as z from '@/lib/validation/zod-mini';

/** The theme of a chart file's picture: light unless asked. */
export const chartTheme = z._default(z.enum(['light', 'dark'], 'theme must be light or dark'), 'light');

/** The theme alone, beside a report's own settings (`reportQuerySchemas`): /charts/reports/{kind}. */
export const chartThemeQuerySchema = z.object({ theme: chartTheme });
