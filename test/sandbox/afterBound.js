'use strict';

/**
 * How the lists read a `*.After` bound. Helena's reference says "after" without saying whether a record
 * stamped exactly at the bound is listed: 'exclusive' (the default) leaves it out, 'inclusive' lists it,
 * as a service comparing with >= would, so a client that trusts one reading is caught out.
 */

/** @type {{ reading: 'exclusive' | 'inclusive' }} */
const setting = { reading: 'exclusive' };

/** @param {'exclusive' | 'inclusive'} reading */
function setAfterBound(reading) {
	if (reading !== 'exclusive' && reading !== 'inclusive') throw new Error(`after bound: exclusive or inclusive, not ${reading}`);
	setting.reading = reading;
	return { reading };
}

/** Whether a time (ISO text, as stored) passes an `After` bound (ISO text from toISOString). */
function isAfter(at, bound) {
	return setting.reading === 'inclusive' ? at >= bound : at > bound;
}

const afterBoundReading = () => setting.reading;

module.exports = { setAfterBound, isAfter, afterBoundReading };
