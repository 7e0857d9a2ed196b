package seeds.invoices;

import io.partita.annotations.Attribute;
import io.partita.annotations.Convert;
import io.partita.annotations.GsiKey;
import io.partita.annotations.PartitionKey;
import io.partita.annotations.Table;
import java.util.List;

/** An invoice whose amounts are a user value type, stored through a {@code @Convert} converter. */
@Table(name = "Invoices")
public record Invoice(
        @PartitionKey @Attribute("InvoiceId") String invoiceId,

        @GsiKey(index = "ByCustomer") @Attribute("CustomerId")
        String customerId,

        @Convert(MoneyConverter.class) @Attribute("Total") Money total,

        @Convert(MoneyConverter.class) @Attribute("Discount")
        Money discount,

        @Attribute("Lines") List<String> lines) {}
