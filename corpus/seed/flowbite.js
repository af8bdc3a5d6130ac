// Seed of flowbite (docs/corpus.md): the working directory its MCP server is started in, the
// website of a bakery cooperative, Crumb & Co-op, built with Tailwind CSS 4 and Flowbite: a README
// with the brand's colours (the crust brown #B4530A as the primary, the flour cream #FAF3E3, the
// rye grey #4B4740) and the theme work the team has planned (rounder buttons, a warmer dark mode),
// the package file, the main stylesheet that imports Tailwind and the Flowbite plugin and will
// import the custom theme file, the home page with a navbar, a product card grid and the order
// form, and the Figma file's node ids of the three screens still to build. The server's two tools
// are a theme generator, whose answer is a theme stylesheet derived from the brand colour and the
// instructions it is given, and a Figma-to-code converter that asks the Figma API, with no token
// here; its 60 component pages are resources, not tools. The batch's one server whose answers hold
// nothing but what is derived from their input. Fixed text: the same bytes everywhere; no network.
import { target, writeTree } from './lib/common.js';

const dir = target();

writeTree(dir, {
  'README.md': `# crumb-coop-site

Website of Crumb & Co-op, the bakery cooperative on Wharf Lane (12 members, open Tuesday to
Saturday, 07:30–15:00). Built with Tailwind CSS 4 and Flowbite 3; the pages are plain HTML.

## Brand

| token | colour | used for |
| --- | --- | --- |
| primary (crust) | #B4530A | buttons, links, the order badge |
| background (flour) | #FAF3E3 | page background, cards |
| text (rye) | #4B4740 | body text, icons |
| accent (poppy) | #D94F3D | sold-out labels, errors |

Fonts: "Fraunces" for headings, "Inter" for body text.

## Theme work (planned for January)

- Generate \`src/crumb-theme.css\` from the primary colour, with rounder buttons and inputs
  (radius about 12 px), softer shadows on the product cards and a warm dark mode (no blue-greys).
- Replace the default Flowbite blue everywhere; the order form still shows it on focus rings.
- Build the three new screens from the Figma file (see \`figma-nodes.md\`).

Contacts: Wiebke Jansen (web), Tunde Bakare (orders).
`,
  'package.json': {
    name: 'crumb-coop-site',
    version: '2.1.0',
    private: true,
    scripts: {
      build: 'npx @tailwindcss/cli -i src/input.css -o dist/site.css --minify',
      dev: 'npx @tailwindcss/cli -i src/input.css -o dist/site.css --watch',
    },
    devDependencies: { '@tailwindcss/cli': '4.1.17', flowbite: '3.1.2', tailwindcss: '4.1.17' },
  },
  'src/input.css': `@import "tailwindcss";
@import "flowbite/src/themes/default";
/* @import "./crumb-theme.css";  -- the generated theme, once it exists */
@plugin "flowbite/plugin";
@source "../node_modules/flowbite";
@source "../*.html";
`,
  'index.html': `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Crumb &amp; Co-op — bread from Wharf Lane</title>
  <link rel="stylesheet" href="dist/site.css">
</head>
<body class="bg-[#FAF3E3] text-[#4B4740]">
  <nav class="border-b border-gray-200 px-4 py-3">
    <a href="/" class="text-xl font-semibold">Crumb &amp; Co-op</a>
    <ul class="ml-auto flex gap-6">
      <li><a href="#bread">Bread</a></li>
      <li><a href="#order">Order</a></li>
      <li><a href="#members">Members</a></li>
    </ul>
  </nav>
  <section id="bread" class="grid grid-cols-1 gap-4 p-6 md:grid-cols-3">
    <div class="rounded-lg border bg-white p-4 shadow-sm">
      <h5 class="text-lg font-bold">Wharf sourdough</h5>
      <p>800 g, 36-hour ferment. £4.80</p>
      <button type="button" class="rounded-lg bg-blue-700 px-4 py-2 text-white">Add to order</button>
    </div>
    <div class="rounded-lg border bg-white p-4 shadow-sm">
      <h5 class="text-lg font-bold">Dark rye</h5>
      <p>1 kg, caraway and treacle. £5.20</p>
      <button type="button" class="rounded-lg bg-blue-700 px-4 py-2 text-white">Add to order</button>
    </div>
    <div class="rounded-lg border bg-white p-4 shadow-sm">
      <h5 class="text-lg font-bold">Cardamom buns (4)</h5>
      <p>Saturdays only. £6.00 <span class="rounded bg-[#D94F3D] px-2 text-white">sold out</span></p>
    </div>
  </section>
  <form id="order" class="mx-auto max-w-md p-6">
    <label for="pickup" class="mb-2 block text-sm font-medium">Pick-up day</label>
    <select id="pickup" class="block w-full rounded-lg border p-2.5 focus:ring-blue-500">
      <option>Tuesday</option><option>Thursday</option><option>Saturday</option>
    </select>
    <button type="submit" class="mt-4 rounded-lg bg-blue-700 px-5 py-2.5 text-white">Place order</button>
  </form>
  <script src="node_modules/flowbite/dist/flowbite.min.js"></script>
</body>
</html>
`,
  'figma-nodes.md': `# Screens to build (Figma file "Crumb site 2027", key 7hQ2mXk4TnB1sLw9)

| screen | node id | notes |
| --- | --- | --- |
| Members' rota | 412:1088 | table of baking shifts, one row per member |
| Wholesale price list | 412:1230 | cafés and shops, prices per dozen |
| Order confirmation | 415:77 | pick-up day, items, total, cancel link |
`,
});
