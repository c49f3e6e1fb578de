import { useMutation } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { graphql } from "../../gql";
import type { SettingsPageQuery } from "../../gql/graphql";
import { useToast } from "../../app/shell/toasts";
import { errorMessage, isError, unexpectedError } from "../../app/errors/error-messages";

const RevokeSessionMutation = graphql(`
  mutation RevokeSession($id: ID!) {
    revokeSession(id: $id) {
      ...MutationError @unmask
      ... on SessionsEnded {
        count
        signedOut
      }
    }
  }
`);

const RevokeAllSessionsMutation = graphql(`
  mutation RevokeAllSessions {
    revokeAllSessions {
      __typename
      ... on SessionsEnded {
        count
      }
    }
  }
`);

type Session = NonNullable<SettingsPageQuery["viewer"]>["sessions"][number];

/**
 * The API describes a device in English, "Chrome on Linux" (describeDevice): said here in the reader's
 * language, the browser's and the system's names as they are. Anything else (a tool's user agent) as sent.
 */
function useDeviceName() {
  const { t } = useLingui();
  return (device: string | null) => {
    if (!device) return t`Unknown device`;
    const at = device.indexOf(" on ");
    if (at <= 0) return device;
    const browser = device.slice(0, at);
    const system = device.slice(at + " on ".length);
    return t({ message: `${browser} on ${system}`, comment: "A signed-in device: a browser's name on a system's (Chrome on Linux)" });
  };
}

/** The reader's signed-in devices: which, when last used; each can be signed out, or all the others at once. */
export function SessionsList({ sessions, onChange }: { sessions: readonly Session[]; onChange(): Promise<unknown> }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const deviceName = useDeviceName();
  const [revoke] = useMutation(RevokeSessionMutation);
  const [revokeAll, { loading: revokingAll }] = useMutation(RevokeAllSessionsMutation);
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  /** Signs out, refreshes the list, and says how it went (SESSION_NOT_FOUND: that device was signed out already). */
  async function act(action: () => Promise<{ __typename: string } | undefined>, done: string) {
    try {
      const answer = await action();
      await onChange();
      if (answer && isError(answer)) toast.show(errorMessage(i18n, answer.code), "error");
      else toast.show(done);
    } catch {
      toast.show(unexpectedError(i18n), "error");
    }
  }

  return (
    <section className="sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title">
        <Trans>Signed-in devices</Trans>
      </h2>
      <ul className="sessions__list">
        {sessions.map((session) => (
          <li key={session.id} className="sessions__item">
            <div>
              <strong>{deviceName(session.device)}</strong>
              {session.current && (
                <span className="sessions__current">
                  {" "}
                  <Trans>(this device)</Trans>
                </span>
              )}
              <p className="sessions__meta">
                <Trans>Last used {when(session.lastUsedAt)}</Trans>
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                className="button button--small"
                aria-label={t`Sign out ${deviceName(session.device)}, last used ${when(session.lastUsedAt)}`}
                onClick={() =>
                  void act(async () => (await revoke({ variables: { id: session.id } })).data?.revokeSession, t`That device is signed out.`)
                }
              >
                <Trans>Sign out</Trans>
              </button>
            )}
          </li>
        ))}
      </ul>
      {sessions.length > 1 && (
        <button
          type="button"
          className="button"
          disabled={revokingAll}
          onClick={() => void act(async () => (await revokeAll()).data?.revokeAllSessions, t`Every other device is signed out.`)}
        >
          <Trans>Sign out of all other devices</Trans>
        </button>
      )}
    </section>
  );
}
