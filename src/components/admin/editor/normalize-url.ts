/** A typed address made usable: http(s), mailto and site paths as they are, anything else as https. */
export function normalizeUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  return /^(https?:\/\/|mailto:|\/(?![/\\]))/i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
}
