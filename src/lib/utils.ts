import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Unlike shadcn's default it does not resolve conflicting Tailwind
 * utilities (tailwind-merge would cost every island ~7 KB gzipped, and the article page
 * has an 80 KB budget): components take variants for what changes, and callers add only
 * classes the component does not set itself (layout, spacing, size).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
