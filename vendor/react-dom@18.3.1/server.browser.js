/* vendored by `npm run vendor`: react-dom 18.3.1 server.browser.js with the edits of scripts/lib/dependency-patches.ts ("react-dom server: the entry the alias names", decision 0018). Do not edit by hand. */
'use strict';

var l, s;
if (process.env.NODE_ENV === 'production') {
  l = require('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.min.js');
  s = require('./cjs/react-dom-server.browser.production.min.js');
} else {
  l = require('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.development.js');
  s = require('../../node_modules/react-dom/cjs/react-dom-server.browser.development.js');
}

exports.version = l.version;
exports.renderToString = l.renderToString;
exports.renderToStaticMarkup = l.renderToStaticMarkup;
exports.renderToNodeStream = l.renderToNodeStream;
exports.renderToStaticNodeStream = l.renderToStaticNodeStream;
exports.renderToReadableStream = s.renderToReadableStream;
