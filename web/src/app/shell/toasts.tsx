import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

export const TOAST_DURATION_MS = 5000;

type Toast = { id: number; message: string; tone: "info" | "error" };
type ToastApi = { show(message: string, tone?: Toast["tone"]): void };

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Toasts appear at the bottom right (across the bottom on a phone), clear of the header's controls, one
 * at a time, each for 5 seconds; later ones wait their turn.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const current = queue[0];

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setQueue((q) => q.slice(1)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const show = useCallback((message: string, tone: Toast["tone"] = "info") => {
    setQueue((q) => [...q, { id: Date.now() + Math.random(), message, tone }]);
  }, []);
  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {current && (
          <div key={current.id} className={`toast toast--${current.tone}`}>
            {current.message}
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("No ToastProvider");
  return api;
}
