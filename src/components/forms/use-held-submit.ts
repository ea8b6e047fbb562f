import { useEffect, useRef } from 'react';

/**
 * The ref for a non-GET form in an island hydrated on interaction (`client:interaction`):
 * once the form is live it is marked `data-ready`, and a submit the reader made before
 * that (held by the directive, marked `data-submit-held`) is made again, now handled by
 * the component.
 */
export function useHeldSubmit() {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    form.dataset['ready'] = '';
    if ('submitHeld' in form.dataset) {
      delete form.dataset['submitHeld'];
      form.requestSubmit();
    }
  }, []);
  return ref;
}
