// The commerce pages and their loaders in one chunk: the router imports it from one place, so the
// home page's JavaScript (the router) carries one small import for all of them (its 170 KB budget).
export { checkoutLoader, subscriptionLoader, tryNowLoader } from "./loaders";
export * as TryNow from "../../routes/try-now/TryNowPage";
export * as TrialCheckout from "../../routes/try-now-subscribe/TrialCheckoutPage";
export * as WelcomeToKnowledge from "../../routes/welcome-to-knowledge/WelcomeToKnowledgePage";
export * as Subscribe from "../../routes/settings-subscribe/SubscribePage";
export * as RedeemVoucher from "../../routes/redeem-voucher/RedeemVoucherPage";
export * as RedeemVoucherInternal from "../../routes/redeem-voucher/RedeemVoucherInternalPage";
