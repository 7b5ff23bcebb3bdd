/** The page a paginated operation answers when its arguments do not say (the inputs' defaults, the cost model's page size). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_ITEMS_PER_PAGE = 30;
