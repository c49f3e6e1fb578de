// The commerce pages and their loaders in one chunk: the router imports it from one place, so the
// home page's JavaScript (the router) carries one small import for all of them (its 170 KB budget).
import type { LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { checkoutLoader, subscriptionLoader, tryNowLoader } from "./loaders";
import * as ExclusiveOfferPage from "../../routes/exclusive-offer/ExclusiveOfferPage";
import * as PublicPurchasePage from "../../routes/public-purchase/PublicPurchasePage";

export * as TryNow from "../../routes/try-now/TryNowPage";
export * as TrialCheckout from "../../routes/try-now-subscribe/TrialCheckoutPage";
export * as WelcomeToKnowledge from "../../routes/welcome-to-knowledge/WelcomeToKnowledgePage";
export * as Subscribe from "../../routes/settings-subscribe/SubscribePage";
export * as RedeemVoucher from "../../routes/redeem-voucher/RedeemVoucherPage";
export * as RedeemVoucherInternal from "../../routes/redeem-voucher/RedeemVoucherInternalPage";
export { ExclusiveOfferPage as ExclusiveOffer, PublicPurchasePage as PublicPurchase };

type Loader = (args: LoaderFunctionArgs) => unknown;
const LOADERS: Record<string, ((apollo: Apollo) => Loader) | undefined> = {
  TryNow: tryNowLoader,
  TrialCheckout: checkoutLoader,
  Subscribe: checkoutLoader,
  WelcomeToKnowledge: subscriptionLoader,
  ExclusiveOffer: ExclusiveOfferPage.pageLoader,
  PublicPurchase: PublicPurchasePage.pageLoader,
};

/** A commerce page's loader (the voucher pages have none: they load nothing before they render). */
export const loaderOf = (page: string, apollo: Apollo): Loader => LOADERS[page]?.(apollo) ?? (() => null);
