package io.partita.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.storage.value.AttributeValue;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import seeds.invoices.Invoice;
import seeds.invoices.InvoiceRepository;
import seeds.invoices.Money;

/** {@code @Convert}: a user value type round-trips through its converter on the embedded core. */
class ConvertedFieldTest {
    private final Partita db = TestDatabase.open();
    private final InvoiceRepository invoices = InvoiceRepository.of(db);

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void convertedFieldsRoundTripAndAreStoredInTheConvertersForm() {
        Invoice invoice = new Invoice("i1", "c1", new Money(new BigDecimal("12.50"), "EUR"), null, List.of("book"));
        invoices.put(invoice);
        assertThat(invoices.get("i1")).contains(invoice);
        assertThat(invoices.byCustomer("c1").list()).containsExactly(invoice);
        Map<String, AttributeValue> item = InvoiceRepository.SCHEMA.toItem(invoice);
        assertThat(item.get("Total")).isEqualTo(AttributeValue.s("12.50 EUR"));
        assertThat(item).doesNotContainKey("Discount");
    }

    @Test
    void partialUpdateOfAConvertedField() {
        invoices.put(new Invoice("i2", "c1", new Money(BigDecimal.ONE, "USD"), null, List.of()));
        invoices.update("i2")
                .set(InvoiceRepository.DISCOUNT, new Money(new BigDecimal("0.25"), "USD"))
                .execute();
        assertThat(invoices.get("i2").orElseThrow().discount()).isEqualTo(new Money(new BigDecimal("0.25"), "USD"));
    }
}
