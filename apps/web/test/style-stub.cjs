/** Jest's stand-in for a `.css` import: the styles only matter in a browser (Vite bundles them). */
module.exports = {};
