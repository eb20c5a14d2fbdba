// Every endpoint of the API, by resource (decision 031). The Worker answers each with its
// handler (worker/src/routes); the browser's client (../api.ts) is typed from them.
export * as addresses from './addresses.ts';
export * as areas from './areas.ts';
export * as auth from './auth.ts';
export * as collections from './collections.ts';
export * as contact from './contact.ts';
export * as content from './content.ts';
export * as customerService from './customer-service.ts';
export * as customers from './customers.ts';
export * as docs from './docs.ts';
export * as favorites from './favorites.ts';
export * as gifts from './gifts.ts';
export * as health from './health.ts';
export * as images from './images.ts';
export * as marketing from './marketing.ts';
export * as orders from './orders.ts';
export * as payments from './payments.ts';
export * as products from './products.ts';
export * as reviews from './reviews.ts';
export * as sales from './sales.ts';
export * as savedCart from './saved-cart.ts';
export * as scentFinder from './scent-finder.ts';
export * as settings from './settings.ts';
export * as shipping from './shipping.ts';
export * as stats from './stats.ts';
export * as stock from './stock.ts';
export * as vouchers from './vouchers.ts';
