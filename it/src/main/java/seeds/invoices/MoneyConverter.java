package seeds.invoices;

import io.partita.mapping.AttributeConverter;
import io.partita.storage.value.AttributeType;
import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;

/** Stores {@link Money} as the String attribute {@code "12.50 EUR"}. */
public final class MoneyConverter implements AttributeConverter<Money> {
    @Override
    public AttributeValue toAttributeValue(Money m) {
        return AttributeValue.s(m.amount().toPlainString() + " " + m.currency());
    }

    @Override
    public Money fromAttributeValue(AttributeValue v) {
        String[] parts = v.asS().split(" ", 2);
        return new Money(new BigDecimal(parts[0]), parts[1]);
    }

    @Override
    public AttributeType attributeType() {
        return AttributeType.S;
    }
}
