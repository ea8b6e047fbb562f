import type { ClientDirective } from 'astro';

/** Events that show a reader is about to use an island. */
const EVENTS = ['focusin', 'pointerdown', 'keydown', 'touchstart', 'input', 'change'] as const;

/**
 * `client:interaction`: hydrates an island the first time a reader interacts with it.
 * For islands whose server-rendered HTML is complete and usable on its own (the news list
 * and its GET form), so a page view costs no JavaScript at all. Components hydrated this
 * way must adopt what was typed or picked before hydration.
 */
const interaction: ClientDirective = (load, _options, element) => {
  const start = () => {
    for (const name of EVENTS) element.removeEventListener(name, start);
    void load().then((hydrate) => hydrate());
  };
  for (const name of EVENTS) element.addEventListener(name, start, { passive: true });
};

export default interaction;
