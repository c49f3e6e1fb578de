import { graphql } from "../../gql";

export const TryNowQuery = graphql(`
  query TryNow {
    pricing {
      planId
      interval
      trialDays
      currency
      amount
      listAmount
      perMonthAmount
      perDayUnderAmount
    }
    commerceSettings {
      testMode
    }
    testimonials(first: 6) {
      nodes {
        author
        quote
        source
      }
    }
    faq(first: 10) {
      nodes {
        question
        answer
      }
    }
  }
`);

export const CheckoutQuery = graphql(`
  query Checkout {
    viewer {
      id
      email
      subscription {
        status
        planId
      }
    }
    pricing {
      planId
      interval
      trialDays
      currency
      amount
      listAmount
      perMonthAmount
      instalmentAmounts
      instalmentPlans {
        count
        amounts
      }
      instalmentsOnlyWithoutSubscription
      trialEndsIfStartedNow
    }
    commerceSettings {
      provider
      testMode
      stripePublishableKey
    }
  }
`);

export const SubscriptionQuery = graphql(`
  query ViewerSubscription {
    viewer {
      id
      email
      isPremium
      subscription {
        planId
        status
        currency
        amount
        trialEndsAt
        currentPeriodEnd
        cancelAtPeriodEnd
        nextChargeAt
        graceEndsAt
        endedAt
        lifetime
      }
      paymentCard {
        brand
        last4
      }
      receipts {
        id
        planId
        currency
        amount
        paidAt
        refundedAmount
        refundedAt
        cardBrand
        cardLast4
        instalmentAmounts
      }
    }
    commerceSettings {
      testMode
    }
  }
`);

export const StartTrialMutation = graphql(`
  mutation StartTrial($paymentMethodId: String!, $instalments: Int) {
    startTrial(paymentMethodId: $paymentMethodId, instalments: $instalments) {
      ...MutationError @unmask
      ... on PremiumSubscription {
        status
        trialEndsAt
      }
    }
  }
`);

export const SubscribeMutation = graphql(`
  mutation Subscribe($planId: String!, $offerSlug: String, $paymentMethodId: String!, $instalments: Int) {
    subscribe(planId: $planId, offerSlug: $offerSlug, paymentMethodId: $paymentMethodId, instalments: $instalments) {
      ...MutationError @unmask
      ... on PremiumSubscription {
        status
      }
    }
  }
`);

export const CancelSubscriptionMutation = graphql(`
  mutation CancelSubscription($reason: String) {
    cancelSubscription(reason: $reason) {
      ...MutationError @unmask
      ... on PremiumSubscription {
        status
        cancelAtPeriodEnd
      }
    }
  }
`);

export const ResumeSubscriptionMutation = graphql(`
  mutation ResumeSubscription {
    resumeSubscription {
      ...MutationError @unmask
      ... on PremiumSubscription {
        status
        cancelAtPeriodEnd
      }
    }
  }
`);

export const RedeemVoucherMutation = graphql(`
  mutation RedeemVoucher($code: String!) {
    redeemVoucher(code: $code) {
      ...MutationError @unmask
      ... on VoucherRedeemed {
        premiumUntil
      }
    }
  }
`);

export const ExclusiveOfferQuery = graphql(`
  query ExclusiveOffer($slug: String!) {
    viewer {
      id
    }
    exclusiveOffer(slug: $slug) {
      slug
      percentOff
      fromAmount
      toAmount
      perMonthAmount
      instalmentAmounts
      instalmentPlans {
        count
        amounts
      }
      availability
      plan {
        planId
        interval
        currency
        instalmentsOnlyWithoutSubscription
      }
    }
    commerceSettings {
      provider
      testMode
      stripePublishableKey
    }
  }
`);

export const PurchaseAsVisitorMutation = graphql(`
  mutation PurchaseAsVisitor($email: String!, $planId: String!, $offerSlug: String, $paymentMethodId: String!, $instalments: Int) {
    purchaseAsVisitor(email: $email, planId: $planId, offerSlug: $offerSlug, paymentMethodId: $paymentMethodId, instalments: $instalments) {
      ...MutationError @unmask
      ... on PurchaseCompleted {
        email
        planId
      }
    }
  }
`);

export const PublicPurchaseQuery = graphql(`
  query PublicPurchase($offer: String!, $withOffer: Boolean!) {
    viewer {
      id
    }
    pricing {
      planId
      interval
      currency
      amount
      perMonthAmount
      instalmentAmounts
      instalmentPlans {
        count
        amounts
      }
      instalmentsOnlyWithoutSubscription
    }
    exclusiveOffer(slug: $offer) @include(if: $withOffer) {
      slug
      percentOff
      fromAmount
      toAmount
      instalmentAmounts
      instalmentPlans {
        count
        amounts
      }
      availability
      plan {
        planId
        currency
        instalmentsOnlyWithoutSubscription
      }
    }
    commerceSettings {
      provider
      testMode
      stripePublishableKey
    }
  }
`);

export const StartHostedCheckoutMutation = graphql(`
  mutation StartHostedCheckout($planId: String!, $offerSlug: String, $trial: Boolean, $cancelPath: String) {
    startHostedCheckout(planId: $planId, offerSlug: $offerSlug, trial: $trial, cancelPath: $cancelPath) {
      ...MutationError @unmask
      ... on HostedCheckout {
        url
      }
    }
  }
`);

export const PrepareCardSetupMutation = graphql(`
  mutation PrepareCardSetup {
    prepareCardSetup {
      ...MutationError @unmask
      ... on CardSetup {
        clientSecret
      }
    }
  }
`);
