module.exports = require('./userFolder').create;
