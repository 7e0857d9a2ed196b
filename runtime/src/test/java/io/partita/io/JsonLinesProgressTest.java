package io.partita.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.Partita;
import io.partita.progress.Progress;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Import and export report through the progress-listener hook, ending with a finished event of every item. */
class JsonLinesProgressTest {
    private static final TableDefinition THINGS =
            TableDefinition.builder("Things").partitionKey(KeyAttribute.s("pk")).build();

    @Test
    void exportAndImportReportEveryItem() {
        try (Partita source = Partita.inMemory();
                Partita target = Partita.inMemory()) {
            source.tables().create(THINGS);
            target.tables().create(THINGS);
            for (int i = 0; i < 130; i++) {
                source.requests()
                        .putItem(PutItemRequest.builder()
                                .tableName("Things")
                                .item(Map.of("pk", AttributeValue.s("k" + i)))
                                .build());
            }
            List<Progress> exported = new ArrayList<>();
            StringWriter out = new StringWriter();
            assertThat(DynamoDbJsonLines.export(source, "Things", out, exported::add))
                    .isEqualTo(130);
            List<Progress> imported = new ArrayList<>();
            assertThat(DynamoDbJsonLines.importTable(target, "Things", new StringReader(out.toString()), imported::add))
                    .isEqualTo(130);
            for (List<Progress> events : List.of(exported, imported)) {
                Progress last = events.get(events.size() - 1);
                assertThat(last.finished()).isTrue();
                assertThat(last.done()).isEqualTo(130);
                assertThat(last.total()).isEqualTo(Progress.UNKNOWN);
            }
            assertThat(imported.get(0).task()).isEqualTo("import Things");
            assertThat(exported.get(0).task()).isEqualTo("export Things");
        }
    }
}
