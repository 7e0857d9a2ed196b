package seeds.invoices;

import java.math.BigDecimal;

/** A user value type Partita does not map itself: stored through {@link MoneyConverter}. */
public record Money(BigDecimal amount, String currency) {}
