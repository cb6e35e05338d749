/**
 * Response shapes of the API (spec section 3), one import for the functions and the frontend. Money
 * is a 2-decimal dollar string, dates are ISO `YYYY-MM-DD` in the family's time zone, weekdays
 * lowercase. The shapes live in shared/dtos/ by the part of the product they serve.
 */
export * from './dtos/core';
export * from './dtos/account';
export * from './dtos/planning';
export * from './dtos/savings';
export * from './dtos/push';
export * from './dtos/board';
