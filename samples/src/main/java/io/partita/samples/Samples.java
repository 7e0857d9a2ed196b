package io.partita.samples;

import static io.partita.storage.value.AttributeValue.n;
import static io.partita.storage.value.AttributeValue.s;
import static io.partita.storage.value.AttributeValue.ss;

import io.partita.storage.Storage;
import io.partita.storage.api.ConsumedCapacity;
import io.partita.storage.api.PutItemRequest;
import io.partita.storage.api.QueryRequest;
import io.partita.storage.api.QueryResponse;
import io.partita.storage.api.ReturnConsumedCapacity;
import io.partita.storage.api.Select;
import io.partita.storage.schema.GlobalSecondaryIndex;
import io.partita.storage.schema.KeyAttribute;
import io.partita.storage.schema.Projection;
import io.partita.storage.schema.TableDefinition;
import io.partita.storage.value.AttributeValue;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * Runs the seed scenarios against the embedded storage core and prints what each one shows. Until the
 * generated repositories land, the scenarios speak the core's own request API.
 */
public final class Samples {
    private final PrintStream out;

    private Samples(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        run(System.out);
    }

    static void run(PrintStream out) {
        Samples samples = new Samples(out);
        try (Storage db = Storage.inMemory()) {
            samples.gameScores(db);
            samples.forumThreads(db);
            db.checkInvariants();
        }
    }

    /** Seed 000: a leaderboard served by GameTitleIndex (GameTitle, TopScore), INCLUDE Wins/Losses, sparse on TopScore. */
    void gameScores(Storage db) {
        out.println("== GameScores: top scores per game from GameTitleIndex (seed 000) ==");
        db.createTable(TableDefinition.builder("GameScores")
                .partitionKey(KeyAttribute.s("UserId")).sortKey(KeyAttribute.s("GameTitle"))
                .globalSecondaryIndex(GlobalSecondaryIndex.of("GameTitleIndex", KeyAttribute.s("GameTitle"),
                        KeyAttribute.n("TopScore"), Projection.include("Wins", "Losses")))
                .build());
        Object[][] rows = {
            {"101", "Galaxy Invaders", 5842, 21, 72}, {"101", "Meteor Blasters", 1000, 12, 3},
            {"101", "Starship X", 24, 4, 9}, {"102", "Alien Adventure", 192, 32, 192},
            {"102", "Galaxy Invaders", 0, 0, 5}, {"103", "Attack Ships", 3, 1, 8},
            {"103", "Galaxy Invaders", 2317, 40, 3}, {"103", "Meteor Blasters", 723, 22, 12},
            {"103", "Starship X", 42, 4, 19},
        };
        for (Object[] r : rows) {
            db.putItem(PutItemRequest.builder().tableName("GameScores").item(Map.of(
                    "UserId", s((String) r[0]), "GameTitle", s((String) r[1]), "TopScore", n((int) r[2]),
                    "Wins", n((int) r[3]), "Losses", n((int) r[4]))).build());
        }
        // The seed's sparse example: a new player of Comet Quest has no TopScore yet, so is not in the index.
        for (String user : List.of("101", "102", "103")) {
            db.putItem(PutItemRequest.builder().tableName("GameScores").item(Map.of(
                    "UserId", s(user), "GameTitle", s("Comet Quest"), "TopScore", n(100 * user.charAt(2)),
                    "Wins", n(1), "Losses", n(1))).build());
        }
        db.putItem(PutItemRequest.builder().tableName("GameScores").item(Map.of(
                "UserId", s("104"), "GameTitle", s("Comet Quest"), "Wins", n(0), "Losses", n(0))).build());

        QueryResponse top = db.query(QueryRequest.builder().tableName("GameScores").indexName("GameTitleIndex")
                .keyConditionExpression("GameTitle = :title").expressionAttributeValues(Map.of(":title", s("Galaxy Invaders")))
                .scanIndexForward(false).limit(10).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build());
        table(List.of("UserId", "TopScore", "Wins", "Losses", "Win ratio"), top.items().stream().map(i -> List.of(
                text(i.get("UserId")), text(i.get("TopScore")), text(i.get("Wins")), text(i.get("Losses")),
                ratio(i.get("Wins"), i.get("Losses")))).toList());
        out.println("consumed: " + capacity(top.consumedCapacity()));

        long inTable = db.scan(io.partita.storage.api.ScanRequest.builder().tableName("GameScores")
                .filterExpression("GameTitle = :t").expressionAttributeValues(Map.of(":t", s("Comet Quest")))
                .select(Select.COUNT).build()).count();
        long inIndex = db.query(QueryRequest.builder().tableName("GameScores").indexName("GameTitleIndex")
                .keyConditionExpression("GameTitle = :t").expressionAttributeValues(Map.of(":t", s("Comet Quest")))
                .select(Select.COUNT).build()).count();
        out.printf("Comet Quest: %d items in the table, %d in the sparse index (player 104 has no TopScore yet)%n%n", inTable, inIndex);
    }

    /** Seed 001: forum threads with LSI LastPostIndex (INCLUDE Replies); Tags is not projected and is fetched. */
    void forumThreads(Storage db) {
        out.println("== Thread: recent threads of a forum from LastPostIndex (seed 001) ==");
        db.createTable(TableDefinition.builder("Thread")
                .partitionKey(KeyAttribute.s("ForumName")).sortKey(KeyAttribute.s("Subject"))
                .localSecondaryIndex("LastPostIndex", KeyAttribute.s("LastPostDateTime"), Projection.include("Replies"))
                .build());
        Object[][] threads = {
            {"S3", "aaa", "2015-03-15:17:24:31", 12, List.of("Security", "Buckets")},
            {"S3", "bbb", "2015-01-22:23:18:01", 3, List.of("Policies")},
            {"S3", "ccc", "2015-02-31:13:14:21", 4, List.of("Encryption")},
            {"S3", "ddd", "2015-01-03:09:21:11", 9, List.of("Buckets", "Versioning")},
            {"EC2", "eee", "2015-01-12:12:01:41", 18, List.of("Instances")},
        };
        for (Object[] t : threads) {
            @SuppressWarnings("unchecked")
            List<String> tags = (List<String>) t[4];
            db.putItem(PutItemRequest.builder().tableName("Thread").item(Map.of(
                    "ForumName", s((String) t[0]), "Subject", s((String) t[1]), "LastPostDateTime", s((String) t[2]),
                    "Replies", n((int) t[3]), "Tags", ss(tags))).build());
        }
        QueryRequest.Builder window = QueryRequest.builder().tableName("Thread").indexName("LastPostIndex")
                .keyConditionExpression("ForumName = :f AND LastPostDateTime BETWEEN :from AND :to")
                .expressionAttributeValues(Map.of(":f", s("S3"), ":from", s("2015-01-01"), ":to", s("2015-02-28")))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).consistentRead(true);
        QueryResponse projected = db.query(window.build());
        table(List.of("Subject", "LastPostDateTime", "Replies"), projected.items().stream().map(i -> List.of(
                text(i.get("Subject")), text(i.get("LastPostDateTime")), text(i.get("Replies")))).toList());
        out.println("projected attributes only, consumed: " + capacity(projected.consumedCapacity()));
        QueryResponse fetched = db.query(window.projectionExpression("Subject, Tags").build());
        table(List.of("Subject", "Tags"), fetched.items().stream().map(i -> List.of(
                text(i.get("Subject")), text(i.get("Tags")))).toList());
        out.println("with the unprojected Tags fetched from the table, consumed: " + capacity(fetched.consumedCapacity()));
        out.println();
    }

    private void table(List<String> header, List<List<String>> rows) {
        int[] widths = new int[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = header.get(c).length();
            for (List<String> r : rows) {
                widths[c] = Math.max(widths[c], r.get(c).length());
            }
        }
        StringBuilder line = new StringBuilder();
        for (int w : widths) {
            line.append('+').append("-".repeat(w + 2));
        }
        line.append('+');
        out.println(line);
        out.println(row(header, widths));
        out.println(line);
        rows.forEach(r -> out.println(row(r, widths)));
        out.println(line);
    }

    private static String row(List<String> cells, int[] widths) {
        StringBuilder b = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            b.append("| ").append(String.format("%-" + widths[c] + "s", cells.get(c))).append(' ');
        }
        return b.append('|').toString();
    }

    private static String text(AttributeValue v) {
        if (v == null) {
            return "";
        }
        if (v instanceof AttributeValue.S s) {
            return s.value();
        }
        if (v instanceof AttributeValue.N n) {
            return n.text();
        }
        if (v instanceof AttributeValue.SS ss) {
            return String.join(", ", ss.values());
        }
        return v.toString();
    }

    private static String ratio(AttributeValue wins, AttributeValue losses) {
        double w = wins.asN().doubleValue();
        double l = losses.asN().doubleValue();
        return l == 0 ? "-" : String.format("%.2f", w / l);
    }

    private static String capacity(ConsumedCapacity c) {
        StringBuilder b = new StringBuilder(String.format("%.1f RCU", c.readCapacityUnits()));
        if (c.table() != null && c.table().readCapacityUnits() > 0) {
            b.append(String.format(" (table %.1f", c.table().readCapacityUnits()));
        } else {
            b.append(" (");
        }
        c.globalSecondaryIndexes().forEach((k, v) -> b.append(String.format(" %s %.1f", k, v.readCapacityUnits())));
        c.localSecondaryIndexes().forEach((k, v) -> b.append(String.format(" %s %.1f", k, v.readCapacityUnits())));
        return b.append(" )").toString().replace("( ", "(").replace(" )", ")");
    }
}
