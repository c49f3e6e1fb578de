import type { Language } from "../../../generated/prisma/enums.js";

/** An email ready to queue: who gets it and what it says, in HTML and plain text. */
export type RenderedMail = { template: MailTemplate; to: string; subject: string; html: string; text: string };

export type MailTemplate =
  | "welcome"
  | "password-reset"
  | "create-password"
  | "email-change-confirm"
  | "email-changed-notice"
  | "trial-reminder"
  | "receipt"
  | "payment-failed"
  | "send-to-kindle";

type Copy = {
  subject: string;
  /** Paragraphs before the button. */
  intro: string[];
  /** The button's label and where it goes (none: a notice). */
  action?: { label: string; url: string };
  /** Paragraphs after it. */
  outro: string[];
};

const SIGNATURE: Record<Language, string> = { pt: "Equipe Brevia", en: "The Brevia team", es: "El equipo de Brevia" };

type Data = {
  welcome: { homeUrl: string };
  "password-reset": { url: string };
  "create-password": { url: string };
  "email-change-confirm": { url: string; newEmail: string };
  "email-changed-notice": { newEmail: string };
  /** Commerce (features/commerce/commerce-mail.ts): amounts and dates already formatted in the reader's language. */
  "trial-reminder": { trialEnd: string; amount: string; settingsUrl: string };
  receipt: { amount: string; paidAt: string; plan: string; card: string; settingsUrl: string };
  "payment-failed": { amount: string; graceEnd: string; settingsUrl: string };
  "send-to-kindle": { title: string };
};

const COPY: { [T in MailTemplate]: Record<Language, (data: Data[T]) => Copy> } = {
  // To the reader's Kindle address: Amazon adds the attached EPUB to their library.
  "send-to-kindle": {
    pt: ({ title }) => ({
      subject: `Brevia no seu Kindle: ${title}`,
      intro: [`"${title}", da Brevia, em anexo para o seu Kindle.`],
      outro: [],
    }),
    en: ({ title }) => ({
      subject: `Brevia on your Kindle: ${title}`,
      intro: [`"${title}", from Brevia, attached for your Kindle.`],
      outro: [],
    }),
    es: ({ title }) => ({ subject: `Brevia en tu Kindle: ${title}`, intro: [`"${title}", de Brevia, adjunto para tu Kindle.`], outro: [] }),
  },
  welcome: {
    pt: ({ homeUrl }) => ({
      subject: "Boas-vindas à Brevia",
      intro: ["Sua conta foi criada. Agora você pode ler e ouvir microbooks de não ficção em cerca de 12 minutos cada."],
      action: { label: "Começar a ler", url: homeUrl },
      outro: ["Se não foi você quem criou esta conta, ignore este e-mail."],
    }),
    en: ({ homeUrl }) => ({
      subject: "Welcome to Brevia",
      intro: ["Your account is ready. You can now read and listen to non-fiction microbooks in about 12 minutes each."],
      action: { label: "Start reading", url: homeUrl },
      outro: ["If you did not create this account, you can ignore this email."],
    }),
    es: ({ homeUrl }) => ({
      subject: "Te damos la bienvenida a Brevia",
      intro: ["Tu cuenta está lista. Ya puedes leer y escuchar microlibros de no ficción en unos 12 minutos cada uno."],
      action: { label: "Empezar a leer", url: homeUrl },
      outro: ["Si no creaste esta cuenta, puedes ignorar este correo."],
    }),
  },
  "password-reset": {
    pt: ({ url }) => ({
      subject: "Redefina sua senha da Brevia",
      intro: ["Recebemos um pedido para redefinir a senha da sua conta. Use o link abaixo para escolher uma nova senha."],
      action: { label: "Redefinir senha", url },
      outro: [
        "O link vale por 1 hora e pode ser usado uma única vez.",
        "Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.",
      ],
    }),
    en: ({ url }) => ({
      subject: "Reset your Brevia password",
      intro: ["We received a request to reset your account's password. Use the link below to choose a new one."],
      action: { label: "Reset password", url },
      outro: ["The link works for 1 hour and only once.", "If you did not ask for this, ignore this email: your password stays the same."],
    }),
    es: ({ url }) => ({
      subject: "Restablece tu contraseña de Brevia",
      intro: ["Recibimos una solicitud para restablecer la contraseña de tu cuenta. Usa el enlace de abajo para elegir una nueva."],
      action: { label: "Restablecer contraseña", url },
      outro: ["El enlace vale por 1 hora y solo una vez.", "Si no lo pediste, ignora este correo: tu contraseña sigue siendo la misma."],
    }),
  },
  "create-password": {
    pt: ({ url }) => ({
      subject: "Crie sua senha da Brevia",
      intro: ["Sua conta da Brevia está pronta. Crie uma senha para entrar e começar a ler."],
      action: { label: "Criar senha", url },
      outro: ["O link vale por 7 dias e pode ser usado uma única vez."],
    }),
    en: ({ url }) => ({
      subject: "Create your Brevia password",
      intro: ["Your Brevia account is ready. Create a password to log in and start reading."],
      action: { label: "Create password", url },
      outro: ["The link works for 7 days and only once."],
    }),
    es: ({ url }) => ({
      subject: "Crea tu contraseña de Brevia",
      intro: ["Tu cuenta de Brevia está lista. Crea una contraseña para iniciar sesión y empezar a leer."],
      action: { label: "Crear contraseña", url },
      outro: ["El enlace vale por 7 días y solo una vez."],
    }),
  },
  "email-change-confirm": {
    pt: ({ url, newEmail }) => ({
      subject: "Confirme seu novo e-mail na Brevia",
      intro: [`Foi pedido que ${newEmail} passe a ser o e-mail de acesso de uma conta da Brevia. Confirme pelo link abaixo.`],
      action: { label: "Confirmar novo e-mail", url },
      outro: ["O link vale por 24 horas e pode ser usado uma única vez.", "Se você não pediu isso, ignore este e-mail."],
    }),
    en: ({ url, newEmail }) => ({
      subject: "Confirm your new Brevia email",
      intro: [`${newEmail} was asked to become the login email of a Brevia account. Confirm it with the link below.`],
      action: { label: "Confirm new email", url },
      outro: ["The link works for 24 hours and only once.", "If you did not ask for this, ignore this email."],
    }),
    es: ({ url, newEmail }) => ({
      subject: "Confirma tu nuevo correo en Brevia",
      intro: [`Se pidió que ${newEmail} sea el correo de acceso de una cuenta de Brevia. Confírmalo con el enlace de abajo.`],
      action: { label: "Confirmar nuevo correo", url },
      outro: ["El enlace vale por 24 horas y solo una vez.", "Si no lo pediste, ignora este correo."],
    }),
  },
  "email-changed-notice": {
    pt: ({ newEmail }) => ({
      subject: "O e-mail da sua conta Brevia mudou",
      intro: [`O e-mail de acesso da sua conta agora é ${newEmail}. Este endereço não é mais usado para entrar.`],
      outro: ["Se não foi você, responda a este e-mail para falar com o nosso suporte."],
    }),
    en: ({ newEmail }) => ({
      subject: "Your Brevia account's email changed",
      intro: [`Your account's login email is now ${newEmail}. This address is no longer used to log in.`],
      outro: ["If this was not you, reply to this email to reach our support."],
    }),
    es: ({ newEmail }) => ({
      subject: "El correo de tu cuenta de Brevia cambió",
      intro: [`El correo de acceso de tu cuenta ahora es ${newEmail}. Esta dirección ya no se usa para iniciar sesión.`],
      outro: ["Si no fuiste tú, responde a este correo para hablar con nuestro soporte."],
    }),
  },
  "trial-reminder": {
    pt: ({ trialEnd, amount, settingsUrl }) => ({
      subject: "Seu teste grátis da Brevia termina em 2 dias",
      intro: [`Seu teste grátis termina em ${trialEnd}. Nesse dia cobraremos ${amount} pelo plano anual, a menos que você cancele antes.`],
      action: { label: "Ver ou cancelar minha assinatura", url: settingsUrl },
      outro: ["Cancelar leva um clique, e você continua com acesso até o fim do teste, sem cobrança."],
    }),
    en: ({ trialEnd, amount, settingsUrl }) => ({
      subject: "Your Brevia free trial ends in 2 days",
      intro: [`Your free trial ends on ${trialEnd}. On that day we will charge ${amount} for the annual plan unless you cancel before.`],
      action: { label: "See or cancel my subscription", url: settingsUrl },
      outro: ["Cancelling takes one click, and you keep access until the trial ends, with no charge."],
    }),
    es: ({ trialEnd, amount, settingsUrl }) => ({
      subject: "Tu prueba gratis de Brevia termina en 2 días",
      intro: [`Tu prueba gratis termina el ${trialEnd}. Ese día cobraremos ${amount} por el plan anual, a menos que canceles antes.`],
      action: { label: "Ver o cancelar mi suscripción", url: settingsUrl },
      outro: ["Cancelar lleva un clic, y conservas el acceso hasta el fin de la prueba, sin cargo."],
    }),
  },
  receipt: {
    pt: ({ amount, paidAt, plan, card, settingsUrl }) => ({
      subject: "Recibo do seu pagamento na Brevia",
      intro: [`Recebemos ${amount} em ${paidAt} pelo plano ${plan}, no cartão ${card}. Obrigado!`],
      action: { label: "Ver meus recibos", url: settingsUrl },
      outro: ["Você pode cancelar quando quiser nas configurações; nos primeiros 7 dias após a primeira cobrança, devolvemos o valor."],
    }),
    en: ({ amount, paidAt, plan, card, settingsUrl }) => ({
      subject: "Your Brevia payment receipt",
      intro: [`We received ${amount} on ${paidAt} for the ${plan} plan, on the card ${card}. Thank you!`],
      action: { label: "See my receipts", url: settingsUrl },
      outro: ["You can cancel at any time in settings; within 7 days of the first charge we refund it."],
    }),
    es: ({ amount, paidAt, plan, card, settingsUrl }) => ({
      subject: "Recibo de tu pago en Brevia",
      intro: [`Recibimos ${amount} el ${paidAt} por el plan ${plan}, con la tarjeta ${card}. ¡Gracias!`],
      action: { label: "Ver mis recibos", url: settingsUrl },
      outro: ["Puedes cancelar cuando quieras en la configuración; en los 7 días siguientes al primer cargo, te lo devolvemos."],
    }),
  },
  "payment-failed": {
    pt: ({ amount, graceEnd, settingsUrl }) => ({
      subject: "Não conseguimos cobrar sua assinatura da Brevia",
      intro: [
        `A cobrança de ${amount} foi recusada pelo seu cartão. Seu acesso continua até ${graceEnd}; atualize o cartão para não perdê-lo.`,
      ],
      action: { label: "Atualizar cartão", url: settingsUrl },
      outro: ["Se preferir, você pode cancelar a assinatura nas configurações."],
    }),
    en: ({ amount, graceEnd, settingsUrl }) => ({
      subject: "We could not charge your Brevia subscription",
      intro: [`Your card refused the charge of ${amount}. You keep access until ${graceEnd}; update your card so you do not lose it.`],
      action: { label: "Update card", url: settingsUrl },
      outro: ["If you prefer, you can cancel the subscription in settings."],
    }),
    es: ({ amount, graceEnd, settingsUrl }) => ({
      subject: "No pudimos cobrar tu suscripción de Brevia",
      intro: [`Tu tarjeta rechazó el cargo de ${amount}. Conservas el acceso hasta el ${graceEnd}; actualiza tu tarjeta para no perderlo.`],
      action: { label: "Actualizar tarjeta", url: settingsUrl },
      outro: ["Si lo prefieres, puedes cancelar la suscripción en la configuración."],
    }),
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** One email in the reader's language, as HTML (inline styles: mail clients drop style sheets) and text. */
export function renderMail<T extends MailTemplate>(template: T, language: Language, to: string, data: Data[T]): RenderedMail {
  const copy = COPY[template][language](data);
  const paragraphs = (lines: string[]) => lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join("");
  const button = copy.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(copy.action.url)}" style="background:#1d3557;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(copy.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(copy.action.url)}</p>`
    : "";
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#1b1b1b;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(copy.subject)}</h1>` +
    paragraphs(copy.intro) +
    button +
    paragraphs(copy.outro) +
    `<p style="margin:24px 0 0">${escapeHtml(SIGNATURE[language])}</p></body></html>`;
  const text = [
    ...copy.intro,
    ...(copy.action ? [`${copy.action.label}: ${copy.action.url}`] : []),
    ...copy.outro,
    SIGNATURE[language],
  ].join("\n\n");
  return { template, to, subject: copy.subject, html, text };
}
