// @ts-check
/** Registers the `client:interaction` directive (src/directives/interaction.ts). */
export default function interactionDirective() {
  return {
    name: 'client-interaction-directive',
    hooks: {
      /** @param {{ addClientDirective: (d: { name: string; entrypoint: string }) => void }} options */
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: new URL('./interaction.ts', import.meta.url).pathname });
      },
    },
  };
}
