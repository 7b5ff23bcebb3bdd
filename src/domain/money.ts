/** The places a money amount keeps. */
export const MONEY_PLACES = 2;

/**
 * The largest amount a money column (decimal(14, 2)) holds, as a number for the input rules
 * (`@Max(MAX_AMOUNT_NUMBER)`; 999999999999.99 is exact enough as a double to compare inputs with).
 */
export const MAX_AMOUNT_NUMBER = 999_999_999_999.99;
