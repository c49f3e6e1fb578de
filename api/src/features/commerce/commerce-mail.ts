import { routePath } from "@brevia/routes";
import type { Prisma } from "../../generated/prisma/client.js";
import type { Currency, Language } from "../../generated/prisma/enums.js";
import { appLink } from "../accounts/mail/account-mail.js";
import { queueMail } from "../accounts/mail/outbox.js";
import { renderMail } from "../accounts/mail/templates.js";

type Tx = Prisma.TransactionClient;
export type MailSettings = { origin: string; timeZone: string };

const LOCALE: Record<Language, string> = { pt: "pt-BR", en: "en-US", es: "es-MX" };
const PLAN_NAME: Record<Language, Record<string, string>> = {
  pt: { annual: "anual", monthly: "mensal", lifetime: "vitalício" },
  en: { annual: "annual", monthly: "monthly", lifetime: "lifetime" },
  es: { annual: "anual", monthly: "mensual", lifetime: "de por vida" },
};

export const formatMoney = (language: Language, currency: Currency, amount: number) =>
  new Intl.NumberFormat(LOCALE[language], { style: "currency", currency }).format(amount / 100);
const formatDate = (language: Language, date: Date, timeZone: string) =>
  new Intl.DateTimeFormat(LOCALE[language], { dateStyle: "long", timeZone }).format(date);

async function reader(tx: Tx, userId: string) {
  return tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, interfaceLanguage: true } });
}
const settingsUrl = (settings: MailSettings, language: Language) => appLink(settings.origin, language, routePath("settings"));

export async function queueTrialReminder(
  tx: Tx,
  settings: MailSettings,
  input: { userId: string; trialEnd: Date; currency: Currency; amount: number; now: Date },
) {
  const { email, interfaceLanguage: language } = await reader(tx, input.userId);
  const data = {
    trialEnd: formatDate(language, input.trialEnd, settings.timeZone),
    amount: formatMoney(language, input.currency, input.amount),
    settingsUrl: settingsUrl(settings, language),
  };
  await queueMail(tx, renderMail("trial-reminder", language, email, data), input.now);
}

export async function queueReceiptMail(
  tx: Tx,
  settings: MailSettings,
  input: {
    userId: string;
    planId: string;
    currency: Currency;
    amount: number;
    paidAt: Date;
    card: { brand: string; last4: string } | null;
    now: Date;
  },
) {
  const { email, interfaceLanguage: language } = await reader(tx, input.userId);
  const data = {
    amount: formatMoney(language, input.currency, input.amount),
    paidAt: formatDate(language, input.paidAt, settings.timeZone),
    plan: PLAN_NAME[language][input.planId] ?? input.planId,
    card: input.card ? `${input.card.brand.toUpperCase()} •••• ${input.card.last4}` : "—",
    settingsUrl: settingsUrl(settings, language),
  };
  await queueMail(tx, renderMail("receipt", language, email, data), input.now);
}

export async function queuePaymentFailedMail(
  tx: Tx,
  settings: MailSettings,
  input: { userId: string; currency: Currency; amount: number; graceEnd: Date; now: Date },
) {
  const { email, interfaceLanguage: language } = await reader(tx, input.userId);
  const data = {
    amount: formatMoney(language, input.currency, input.amount),
    graceEnd: formatDate(language, input.graceEnd, settings.timeZone),
    settingsUrl: settingsUrl(settings, language),
  };
  await queueMail(tx, renderMail("payment-failed", language, email, data), input.now);
}
