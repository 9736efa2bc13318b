import path from 'node:path';
const lang = process.argv[2] ?? 'en';
const strings = await import(`./locales/${lang}.js`);
const plugin = await import(path.join(process.cwd(), 'plugin.mjs'));
const res = await fetch('https://api.example.org/v1/ping');
console.log(strings, plugin, res.status);
