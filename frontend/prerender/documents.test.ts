import { describe, expect, it } from 'vitest';
import { darkSchemeBeforeApp, landingDocument, signInDocument } from './documents';

const SHELL = `<!doctype html><html><head><title>ChoreQuest</title>
  <script type="module" crossorigin src="/assets/index-abc.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
</head><body><div id="root"></div></body></html>`;

const GLOBAL = '<style data-emotion="css-global g1">:root{--mui-palette-text-primary:#111}.dark{color-scheme:dark;--mui-palette-text-primary:#eee}</style>';
const MARKUP = [
  GLOBAL,
  '<style data-emotion="css a1">.css-a1{color:red}</style>',
  '<main class="css-a1"><form>',
  '<style data-emotion="css b2">.css-b2{margin:0}</style>',
  '<input class="css-b2" name="email" autofocus=""/><textarea name="note"></textarea>',
  '<style data-emotion="css a1">.css-a1{color:red}</style>',
  '</form></main>',
].join('');

const BOOT = { src: '/assets/sign-in-boot-1.js', entry: '/assets/index-abc.js', preloads: ['/assets/react-abc.js', '/assets/page-1.js'] };

describe('landingDocument', () => {
  const html = landingDocument(SHELL, MARKUP, '<script src="/register-sw.js" defer></script>');

  it('puts the markup in #root and drops every app script and preload', () => {
    expect(html).toContain('<div id="root"><main class="css-a1">');
    expect(html).not.toContain('index-abc.js');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script src="/register-sw.js" defer></script></head>');
  });

  it('moves the styles to <head>, each once, the components’ styles as one tag named as emotion names them', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(html.slice(html.indexOf('<body>'))).not.toContain('<style');
    expect(head).toContain(GLOBAL);
    expect(head).toContain('<style data-emotion="css a1 b2" data-s="">.css-a1{color:red}.css-b2{margin:0}</style>');
    expect(head.match(/\.css-a1\{/g)).toHaveLength(1);
  });

  it("inserts markup and CSS as they are, even with $& or $' in them (no replacement patterns)", () => {
    const page = landingDocument(SHELL, '<style data-emotion="css c3">.css-c3::after{content:"$&"}</style><p class="css-c3">Costs $\' and $$</p>');
    expect(page).toContain('<p class="css-c3">Costs $\' and $$</p>');
    expect(page).toContain('.css-c3::after{content:"$&"}');
  });

  it('refuses a shell without an empty #root', () => {
    expect(() => landingDocument('<html><head></head><body></body></html>', MARKUP)).toThrow(/#root|root/);
  });
});

describe('signInDocument', () => {
  const html = signInDocument(SHELL, MARKUP, BOOT);

  it('arrives inert, marked as prerendered, with every field read-only until the app takes over', () => {
    expect(html).toContain('<div id="root" data-prerendered="" inert="">');
    expect(html).toContain('<input readonly="" data-until-hydrated="" class="css-b2" name="email" autofocus=""/>');
    expect(html).toContain('<textarea readonly="" data-until-hydrated="" name="note">');
  });

  it('starts the app through the boot script only: no module script or preload in the HTML', () => {
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<script src="/assets/sign-in-boot-1.js" defer data-entry="/assets/index-abc.js" data-preload="/assets/react-abc.js /assets/page-1.js"></script>',
    );
  });

  it('is dark on a dark device before the app sets its class, unless light was chosen', () => {
    expect(html).toContain('<style>@media (prefers-color-scheme: dark){:root:not(.light){color-scheme:dark;--mui-palette-text-primary:#eee}}</style>');
  });
});

describe('darkSchemeBeforeApp', () => {
  it('copies every .dark rule, and fails the build when there is none', () => {
    expect(darkSchemeBeforeApp('.dark{a:1}.x{b:2} .dark{c:3;}')).toBe('<style>@media (prefers-color-scheme: dark){:root:not(.light){a:1;c:3}}</style>');
    expect(() => darkSchemeBeforeApp('.darker{a:1}')).toThrow(/\.dark/);
  });
});
