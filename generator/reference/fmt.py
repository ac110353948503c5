"""Number, dice and range formatting for the printed sheets, per language.

Decimals and percentages follow the language's CLDR formats (Babel); the die letter is the
catalogue's (``d6``, ``к6``); fraction glyphs and the minus sign are our typography.

>>> f = Fmt("en")
>>> f.num(Fraction(3, 2)), f.num(Fraction(3, 8)), f.mult(Fraction(3, 4)), f.signed(-4)
('1½', '⅜', '×¾', '−4')
>>> f.die(6), f.die(6, 2), Fmt("ru").die(20, 1), f.span(96, 100, d100=True)
('d6', '2d6', '1к20', '96–00')
>>> Fmt("uk").num(2.25)
'2¼'
>>> Fmt("ru").num(0.125 + 0.1), Fmt("uk").pct(Fraction(50, 3)), f.pct(25), Fmt("ru").pct(5)
('0,23', '16,7%', '25%', '5\xa0%')
"""

from __future__ import annotations

from fractions import Fraction

from generator.i18n import Translator

MINUS = "\u2212"
DASH = "\u2013"
TIMES = "\u00d7"
GLYPHS = {
    Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾", Fraction(1, 8): "⅛",
    Fraction(3, 8): "⅜", Fraction(5, 8): "⅝", Fraction(7, 8): "⅞", Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
}


class Fmt:
    """Formatting in one language (one without a catalogue formats as English)."""

    def __init__(self, language: str) -> None:
        self.t = Translator(language)
        self.language = self.t.language
        # TRANSLATORS: the letter of dice notation, as in 2d6 (two six-sided dice)
        self.die_letter = self.t.pgettext("dice notation", "d")

    def num(self, x: Fraction | int | float, places: int = 2) -> str:
        """1, 1½, ¾; other values as a decimal with at most ``places`` places."""
        if isinstance(x, float):
            fx = Fraction(x).limit_denominator(1000)
            x = fx if fx.denominator in (1, 2, 3, 4, 8) else x
        if isinstance(x, int):
            text = str(x)
        elif isinstance(x, Fraction):
            whole, part = divmod(x.numerator, x.denominator)
            rest = Fraction(part, x.denominator)
            if x < 0:
                return MINUS + self.num(-x, places)
            if rest == 0:
                text = str(whole)
            elif rest in GLYPHS:
                text = (str(whole) if whole else "") + GLYPHS[rest]
            else:
                text = self._decimal(float(x), places)
        else:
            text = self._decimal(x, places)
        return text.replace("-", MINUS)

    def _decimal(self, x: float, places: int) -> str:
        return self.t.decimal(x, places)

    def mult(self, x: Fraction | int) -> str:
        return TIMES + self.num(x)

    def signed(self, n: int) -> str:
        return ("+" if n > 0 else MINUS if n < 0 else "±") + str(abs(n))

    def die(self, sides: int, count: int | None = None) -> str:
        """``d6`` (a die on a ladder), ``1d6`` or ``2d6`` (a roll)."""
        return f"{'' if count is None else count}{self.die_letter}{sides}"

    def bonus_die(self, sides: int) -> str:
        """A scaled bonus (+1d4) for positive sides, a penalty (−1d4) for negative ones."""
        return ("+" if sides > 0 else MINUS) + self.die(abs(sides), 1)

    def span(self, low: int, high: int, *, d100: bool = False) -> str:
        """``1–4``, ``7``; on a d100, two digits and ``00`` for 100 (``96–00``)."""
        def one(v: int) -> str:
            if d100:
                return "00" if v == 100 else f"{v:02d}"
            return str(v).replace("-", MINUS)
        return one(low) if low == high else f"{one(low)}{DASH}{one(high)}"

    def pct(self, x: float | Fraction | int, places: int = 1) -> str:
        """A percentage in the language's format: ``12.5%``, ``12,5 %`` (ru), ``12,5%`` (uk)."""
        return self.t.percent(float(x), places)
