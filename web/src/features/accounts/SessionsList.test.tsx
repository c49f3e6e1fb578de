import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApollo, renderWithApi } from "../../test/mock-api";
import type { Locale } from "@brevia/routes";
import { SessionsList } from "./SessionsList";

const session = (id: string, device: string | null, current = false) => ({
  __typename: "Session" as const,
  id,
  device,
  current,
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: "2026-11-21T10:00:00.000Z",
});

// The API describes a device in English ("Chrome on Linux", describeDevice); browsers' and systems' names stay as they are.
const SESSIONS = [
  session("this", "Chrome on Linux", true),
  session("phone", "Safari on iPhone"),
  session("tool", "curl/8.5.0"),
  session("unknown", null),
];

function renderIn(locale: Locale) {
  const prefix = locale === "pt" ? "" : `/${locale}`;
  renderWithApi(mockApollo({}), [{ path: `${prefix}/settings`, element: <SessionsList sessions={SESSIONS} onChange={async () => {}} /> }], {
    path: `${prefix}/settings`,
    locale,
  });
}

const devices = () => [...document.querySelectorAll(".sessions__item strong")].map((element) => element.textContent);

describe("the signed-in devices", () => {
  it.each([
    ["pt", ["Chrome no Linux", "Safari no iPhone", "curl/8.5.0", "Dispositivo desconhecido"], "Desconectar Safari no iPhone"],
    ["en", ["Chrome on Linux", "Safari on iPhone", "curl/8.5.0", "Unknown device"], "Sign out Safari on iPhone"],
    ["es", ["Chrome en Linux", "Safari en iPhone", "curl/8.5.0", "Dispositivo desconocido"], "Cerrar sesión en Safari en iPhone"],
  ] as const)("say each device in the reader's language (%s)", async (locale, names, signOutPhone) => {
    renderIn(locale);
    await screen.findByRole("heading", { level: 2 });
    expect(devices()).toEqual(names);
    // The sign-out button names the device the same way.
    expect(screen.getByRole("button", { name: new RegExp(`^${signOutPhone},`) })).toBeTruthy();
  });
});
