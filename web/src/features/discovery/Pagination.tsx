import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { listQuery } from "@brevia/routes/page-links";

/**
 * Previous and next links to `?page=N` addresses (so a page can be shared and survives a reload), with
 * where the reader is. `href(page)` builds a page's address, keeping the list's other parameters.
 */
export function Pagination({
  page,
  pages,
  hasNext,
  href,
}: {
  page: number;
  /** Total pages, when known. */
  pages?: number;
  hasNext: boolean;
  href: (page: number) => string;
}) {
  const { t } = useLingui();
  if (page === 1 && !hasNext) return null;
  return (
    <nav className="pagination" aria-label={t`Pages`}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="pagination__link">
          <Trans>Previous</Trans>
        </Link>
      ) : (
        <span className="pagination__link pagination__link--disabled" aria-hidden="true">
          <Trans>Previous</Trans>
        </span>
      )}
      <span className="pagination__where" aria-current="page">
        {pages ? (
          <Trans>
            Page {page} of {pages}
          </Trans>
        ) : (
          <Trans>Page {page}</Trans>
        )}
      </span>
      {hasNext ? (
        <Link to={href(page + 1)} rel="next" className="pagination__link">
          <Trans>Next</Trans>
        </Link>
      ) : (
        <span className="pagination__link pagination__link--disabled" aria-hidden="true">
          <Trans>Next</Trans>
        </span>
      )}
    </nav>
  );
}

/** A list address with `page` (and other parameters) set; page 1 has no `page`, its canonical address. */
export function listHref(path: string, params: Record<string, string | number | null>): string {
  return path + listQuery(params);
}
