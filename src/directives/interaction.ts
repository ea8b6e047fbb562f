import type { ClientDirective } from 'astro';

/** Events that show a reader is about to use an island. */
const EVENTS = ['focusin', 'pointerdown', 'keydown', 'touchstart', 'input', 'change'] as const;

/**
 * `client:interaction`: hydrates an island the first time a reader interacts with it.
 * For islands whose server-rendered HTML is complete and usable on its own (the news list
 * and its GET form, the comment form), so a page view costs no JavaScript for them.
 * Hydration keeps the rendered elements, so the focus and anything typed stay where they
 * are; components must start from the values in their fields.
 *
 * A GET form submitted before hydration is submitted natively (a search works without
 * JavaScript). Any other form is held instead, marked `data-submit-held`, until its
 * component is live: such a form must use `useHeldSubmit` (src/components/forms), which
 * marks it `data-ready` and submits what was held.
 */
const interaction: ClientDirective = (load, _options, element) => {
  let started = false;
  const start = () => {
    for (const name of EVENTS) element.removeEventListener(name, start);
    if (started) return;
    started = true;
    void load().then((hydrate) => hydrate());
  };
  element.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.method === 'get' || 'ready' in form.dataset) return;
      event.preventDefault();
      form.dataset['submitHeld'] = '';
      start();
    },
    true,
  );
  for (const name of EVENTS) element.addEventListener(name, start, { passive: true });
};

export default interaction;
