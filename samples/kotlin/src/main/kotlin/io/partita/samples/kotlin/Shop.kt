package io.partita.samples.kotlin

import io.partita.Partita
import io.partita.annotations.Entity
import io.partita.annotations.Key
import io.partita.annotations.Table

/**
 * A shared table whose interface is `sealed` in Kotlin. kapt's Java stub of it is a plain interface (kapt writes no
 * `sealed`/`permits`), so the processor sees an open type and the generated item-collection queries return
 * `List<Object>`, not `List<ShopItem>` as for a Java sealed interface. [ShopItems.userPage] casts to the sealed
 * type; from there Kotlin's `when` is exhaustive again.
 */
@Table(name = "Shop", partitionKey = "PK", sortKey = "SK")
sealed interface ShopItem

/** A user's profile: `USER#id / PROFILE`. */
@Entity(table = ShopItem::class, type = "User")
@Key(pk = "USER#{userId}", sk = "PROFILE")
data class User(val userId: String, val name: String) : ShopItem

/** An order in its user's item collection: `USER#id / ORDER#id`. */
@Entity(table = ShopItem::class, type = "Order")
@Key(pk = "USER#{userId}", sk = "ORDER#{orderId}")
data class Order(val userId: String, val orderId: String, val cents: Long) : ShopItem

/** A user's item collection through the generated ShopItemRepository, rendered with an exhaustive `when`. */
class ShopItems(db: Partita) {
    private val shop: ShopItemRepository = ShopItemRepository.of(db)

    fun userPage(userId: String): List<String> = shop.userCollection(userId).list()
        .map { it as ShopItem }
        .map {
            when (it) {
                is User -> "user ${it.name}"
                is Order -> "order ${it.orderId}: ${it.cents} cents"
            }
        }
}
