package io.partita.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.ProvisionedThroughput;
import io.partita.storage.schema.TableDefinition;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden files for the CreateTable JSON printer. Regenerate with {@code -Dpartita.regenerateGolden=true}
 * (writes into src/test/resources).
 */
class CreateTableJsonTest {
    static final TableDefinition FORUM_AND_DIRECTORY = TableDefinition.builder("Directory")
            .partitionKey(KeyAttribute.s("ForumName"))
            .sortKey(KeyAttribute.s("Subject"))
            .localSecondaryIndex("LastPostIndex", KeyAttribute.s("LastPostDateTime"), Projection.include("Replies"))
            .globalSecondaryIndex(new GlobalSecondaryIndex(
                    "ByLocation",
                    List.of(KeyAttribute.s("BusinessType")),
                    List.of(KeyAttribute.s("Country"), KeyAttribute.s("State"), KeyAttribute.s("City")),
                    Projection.keysOnly()))
            .globalSecondaryIndex(new GlobalSecondaryIndex(
                    "ByOwner",
                    List.of(KeyAttribute.s("OwnerId"), KeyAttribute.n("Region")),
                    List.of(),
                    Projection.all()))
            .build();

    @Test
    void game_scores_matches_golden() throws IOException {
        TableDefinition gameScores = TableDefinition.builder("GameScores")
                .partitionKey(KeyAttribute.s("UserId"))
                .sortKey(KeyAttribute.s("GameTitle"))
                .globalSecondaryIndex(GlobalSecondaryIndex.of(
                        "GameTitleIndex",
                        KeyAttribute.s("GameTitle"),
                        KeyAttribute.n("TopScore"),
                        Projection.include("Wins", "Losses")))
                .build();
        assertGolden("GameScores.create-table.json", CreateTableJson.print(gameScores));
    }

    @Test
    void lsi_and_multi_attribute_gsi_keys_match_golden() throws IOException {
        assertGolden("Directory.create-table.json", CreateTableJson.print(FORUM_AND_DIRECTORY));
    }

    @Test
    void provisioned_throughput_replaces_on_demand_billing() throws IOException {
        TableDefinition provisioned = FORUM_AND_DIRECTORY.toBuilder()
                .provisionedThroughput(new ProvisionedThroughput(5, 10))
                .build();
        assertGolden("Directory-provisioned.create-table.json", CreateTableJson.print(provisioned));
    }

    private static void assertGolden(String name, String actual) throws IOException {
        String normalized = actual.replace(System.lineSeparator(), "\n");
        if (Boolean.getBoolean("partita.regenerateGolden")) {
            Files.writeString(Path.of("src/test/resources/io/partita/repository", name), normalized);
        }
        try (InputStream in = CreateTableJsonTest.class.getResourceAsStream(name)) {
            assertThat(in)
                    .as("golden file " + name + " (regenerate with -Dpartita.regenerateGolden=true)")
                    .isNotNull();
            assertThat(normalized).isEqualTo(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
