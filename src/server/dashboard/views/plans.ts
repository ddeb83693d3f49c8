/** The plans as the dashboard's selects offer them. */
import { PLANS } from '../../policy/plans.js';
import type { Choice } from './controls.js';

/**
 * Every plan, in the order of docs/service.md#plans. Only the names: what a plan allows can be
 * configured (the pages show an account's limits from its overview), so a label here could be wrong.
 */
export const PLAN_CHOICES: readonly Choice[] = Object.keys(PLANS).map((plan) => ({ value: plan, label: plan }));
