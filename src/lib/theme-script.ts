/** Where the reader's theme choice is kept. */
export const THEME_STORAGE_KEY = 'theme';

/**
 * The one inline script of every page, run in <head> before the first paint: it applies a
 * stored theme choice (`data-theme` on <html>; without one, CSS follows the system), shows the
 * header's toggle (`data-theme-js`), and makes each `[data-theme-toggle]` button switch the
 * theme, remember it and say its state (`aria-pressed`). Its SHA-256 is allowed by the
 * Content-Security-Policy (astro.config.mjs), so it must stay byte-for-byte as it is hashed.
 */
export const THEME_SCRIPT = `(function(){var d=document.documentElement,k=${JSON.stringify(THEME_STORAGE_KEY)},m=matchMedia('(prefers-color-scheme: dark)');try{var s=localStorage.getItem(k);if(s==='dark'||s==='light')d.setAttribute('data-theme',s)}catch(e){}d.setAttribute('data-theme-js','');function dark(){var t=d.getAttribute('data-theme');return t?t==='dark':m.matches}function sync(){var b=document.querySelectorAll('[data-theme-toggle]');for(var i=0;i<b.length;i++)b[i].setAttribute('aria-pressed',String(dark()))}document.addEventListener('click',function(e){var t=e.target;if(!(t instanceof Element)||!t.closest('[data-theme-toggle]'))return;var n=dark()?'light':'dark';d.setAttribute('data-theme',n);try{localStorage.setItem(k,n)}catch(e){}sync()});document.addEventListener('DOMContentLoaded',sync);m.addEventListener('change',sync)})();`;
