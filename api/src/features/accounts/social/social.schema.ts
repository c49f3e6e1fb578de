import { builder } from "../../../builder.js";

export const SocialLoginProviderEnum = builder.enumType("SocialLoginProvider", {
  description: "A provider a reader can sign in with (social login).",
  values: {
    GOOGLE: { description: "Google" },
    APPLE: { description: "Sign in with Apple" },
    FACEBOOK: { description: "Facebook" },
  } as const,
});

builder.queryField("socialLoginProviders", (t) =>
  t.field({
    type: [SocialLoginProviderEnum],
    description:
      "The providers this server is configured for, in the order their buttons show; each signs in at `/auth/<provider in lower case>`.",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ctx.socialLoginProviders,
  }),
);
