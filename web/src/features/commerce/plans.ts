import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

const PLAN_NAMES: Record<string, MessageDescriptor> = {
  annual: msg`Annual plan`,
  monthly: msg`Monthly plan`,
  lifetime: msg`Lifetime plan`,
};

const STATUS_NAMES: Record<string, MessageDescriptor> = {
  TRIALING: msg`Free trial`,
  ACTIVE: msg`Active`,
  PAST_DUE: msg`Payment due`,
  CANCELED: msg`Cancelled`,
  UNPAID: msg`Ended: unpaid`,
  INCOMPLETE: msg`Not started`,
};

export const planName = (i18n: I18n, planId: string) => (PLAN_NAMES[planId] ? i18n._(PLAN_NAMES[planId]) : planId);
export const statusName = (i18n: I18n, status: string) => (STATUS_NAMES[status] ? i18n._(STATUS_NAMES[status]) : status);
