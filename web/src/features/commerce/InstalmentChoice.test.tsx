import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { withI18n, testI18n } from "../../test/render";
import { InstalmentChoice } from "./InstalmentChoice";

const plans = [
  { count: 1, amounts: [29900] },
  { count: 10, amounts: Array(10).fill(2990) },
  { count: 12, amounts: [...Array(8).fill(2492), ...Array(4).fill(2491)] },
];

describe("InstalmentChoice", () => {
  it("lists each count as it will be charged, in the page's language, and says the reader's choice", () => {
    const onChange = vi.fn();
    render(withI18n(<InstalmentChoice plans={plans} currency="BRL" locale="pt" value={1} onChange={onChange} />, testI18n("pt")));
    const select = screen.getByLabelText("Pagar em") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent?.replace(/\s/g, " "))).toEqual([
      "À vista: R$ 299,00",
      "10 × R$ 29,90 sem juros",
      "12 parcelas sem juros: 8 × R$ 24,92 e 4 × R$ 24,91",
    ]);
    fireEvent.change(select, { target: { value: "12" } });
    expect(onChange).toHaveBeenCalledWith(12);
  });

  it("with Stripe withholding instalments from a subscription, says why instead of offering a choice", () => {
    render(
      withI18n(
        <InstalmentChoice plans={[plans[0]!]} currency="MXN" locale="es" value={1} onChange={() => {}} stripeWithholds />,
        testI18n("es"),
      ),
    );
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.getByText(/solo divide en meses los pagos únicos/)).toBeTruthy();
  });
});
