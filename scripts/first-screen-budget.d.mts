export declare const FIRST_SCREEN_BUDGET_KIB: number;
